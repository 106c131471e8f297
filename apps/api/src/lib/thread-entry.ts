import { Worker, type WorkerOptions } from "node:worker_threads";

/**
 * Starts a worker thread from its own entry file. build.mjs bundles each entry to dist/<name>.js,
 * beside main.js and worker.js, so the built server starts the bundle next to itself. Run from
 * source (tests, `npm run dev`) the caller is a .ts file and the entry sits beside it as <name>.ts.
 * Node 20 applies no loader to a worker's own entry (not even tsx's, passed in execArgv), so that
 * thread starts from a one-line bootstrap that imports the entry through tsx's API.
 */
export function startThread(callerUrl: string, name: string, options: WorkerOptions): Worker {
  if (!callerUrl.endsWith(".ts")) return new Worker(new URL(`./${name}.js`, callerUrl), options);
  const api = JSON.stringify(import.meta.resolve("tsx/esm/api"));
  const entry = JSON.stringify(new URL(`./${name}.ts`, callerUrl).href);
  const bootstrap = `import(${api}).then(({ tsImport }) => tsImport(${entry}, ${JSON.stringify(callerUrl)}));`;
  return new Worker(bootstrap, { ...options, eval: true });
}
