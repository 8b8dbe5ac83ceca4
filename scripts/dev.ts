import { spawn, type ChildProcess } from 'node:child_process';

/**
 * `npm run dev`: the API with hot reload (tsx watch, port 4000) and Vite with HMR (port 5173),
 * which forwards /graphql, /api and /media to the API. Open http://localhost:5173.
 */
const children: ChildProcess[] = [];
function run(name: string, cmd: string, args: string[]) {
  const child = spawn(cmd, args, { stdio: 'inherit', env: process.env });
  child.on('exit', (code) => {
    console.log(`[dev] ${name} exited (${code ?? 'signal'}); stopping`);
    stop(code ?? 1);
  });
  children.push(child);
}
let stopping = false;
function stop(code: number) {
  if (stopping) return;
  stopping = true;
  for (const c of children) c.kill('SIGTERM');
  setTimeout(() => process.exit(code), 500);
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

run('api', 'npx', ['tsx', 'watch', '--clear-screen=false', 'server/main.ts']);
run('web', 'npx', ['vite', '--strictPort']);
