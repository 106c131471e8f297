/** The machine's Redis (127.0.0.1:6379 on these machines and in CI), or TEST_REDIS_URL. */
export function testRedisUrl(): string {
  return process.env.TEST_REDIS_URL || "redis://127.0.0.1:6379";
}

/**
 * The machine's Redis, connected, or undefined when there is none (a laptop without Redis):
 * the Redis cases then skip with a note. In CI, where Redis is provided, its absence is a failure.
 */
export async function connectTestRedis(name: string) {
  const { connectRedis } = await import("../src/lib/redis.ts");
  try {
    return await connectRedis(testRedisUrl(), name);
  } catch (error) {
    if (process.env.CI) throw error;
    console.log(`${name}: skipping the Redis cases: ${(error as Error).message}`);
    return undefined;
  }
}
