// `npm start`: build if the sources changed since the last build, then run the server in this process.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { buildIsStale, root } from "./build-state.mjs";

process.chdir(root);
if (buildIsStale()) {
  console.log("Building the shop (first start or changed sources)…");
  const result = spawnSync("npm", ["run", "build"], { stdio: "inherit", cwd: root });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
await import(pathToFileURL(path.join(root, "apps/api/dist/main.js")).href);
