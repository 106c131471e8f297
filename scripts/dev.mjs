// `npm run dev`: the API with reload on :8000 and Vite on :5173 proxying /api to it.
import { spawn } from "node:child_process";
import { root } from "./build-state.mjs";

const children = [
  spawn("npm", ["run", "dev", "-w", "@shop/api"], { stdio: "inherit", cwd: root }),
  spawn("npm", ["run", "dev", "-w", "@shop/web"], { stdio: "inherit", cwd: root }),
];
const stop = () => {
  for (const child of children) child.kill("SIGTERM");
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
for (const child of children) child.on("exit", (code) => code && stop());
