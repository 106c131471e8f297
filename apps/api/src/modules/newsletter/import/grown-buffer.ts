/**
 * `bytes` when `extra` more bytes fit after the first `used`; otherwise a buffer at least twice as big
 * holding those `used` bytes. The import's row and address buffers grow this way, so appending stays
 * amortised constant time.
 */
export function withRoom(bytes: Buffer<ArrayBuffer>, used: number, extra: number): Buffer<ArrayBuffer> {
  if (used + extra <= bytes.length) return bytes;
  const grown = Buffer.allocUnsafe(Math.max(bytes.length * 2, used + extra));
  bytes.copy(grown, 0, 0, used);
  return grown;
}
