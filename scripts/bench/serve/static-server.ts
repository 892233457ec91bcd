/**
 * A plain static file server over the build's object files, the yardstick: nginx (Debian's) when
 * installed, else a tiny Node server. Both send a file's bytes as stored: `<key>` as identity and
 * the build's brotli twin `<key>.br` with `Content-Encoding: br` (Debian's nginx has no brotli
 * module to choose between them, so the two are separate URLs).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { join, resolve } from 'node:path';

const NGINX = '/usr/sbin/nginx';

export type StaticServer = { kind: string; url: URL; pid: number; dispose(): Promise<void> };

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
    server.once('error', fail);
  });
}

/** Debian's defaults (worker_processes auto, sendfile) without logs or root paths, and keep-alive as long as wrk's. */
function nginxConfig(root: string, port: number, temp: string): string {
  const temps = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `${t}_temp_path ${temp}/${t};`);
  return `daemon off;
worker_processes auto;
pid ${temp}/nginx.pid;
error_log stderr warn;
${process.getuid?.() === 0 ? 'user root;' : ''}
events { worker_connections 1024; }
http {
  access_log off;
  ${temps.join('\n  ')}
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  types { application/json json; }
  default_type application/octet-stream;
  server {
    listen 127.0.0.1:${port};
    root ${root};
    location ~ \\.br$ {
      types { }
      default_type "application/json; charset=utf-8";
      add_header Content-Encoding br;
    }
  }
}
`;
}

const NODE_SERVER = `
const { createServer } = require('node:http');
const { readFile } = require('node:fs/promises');
const { join } = require('node:path');
const [root, port] = process.argv.slice(1);
createServer(async (req, res) => {
  const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
  if (path.includes('..')) return res.writeHead(400).end();
  try {
    const body = await readFile(join(root, path));
    const br = path.endsWith('.br');
    res.writeHead(200, {
      'content-type': br || path.endsWith('.json') ? 'application/json; charset=utf-8' : 'application/octet-stream',
      ...(br ? { 'content-encoding': 'br' } : {}),
      'content-length': body.length,
    });
    res.end(body);
  } catch {
    res.writeHead(404).end();
  }
}).listen(Number(port), '127.0.0.1');
`;

function answers(port: number): Promise<boolean> {
  return new Promise((done) => {
    const socket = connect({ host: '127.0.0.1', port }, () => {
      socket.end();
      done(true);
    });
    socket.once('error', () => done(false));
  });
}

async function listening(child: ChildProcess, port: number, name: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}`);
    if (await answers(port)) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${name} did not listen on ${port}`);
}

/** Serves `distDir`; `temp` holds nginx's configuration and temporary folders. */
export async function startStaticServer(distDir: string, temp: string): Promise<StaticServer> {
  const port = await freePort();
  const root = resolve(distDir);
  let child: ChildProcess;
  let kind: string;
  if (existsSync(NGINX)) {
    mkdirSync(temp, { recursive: true });
    writeFileSync(join(temp, 'nginx.conf'), nginxConfig(root, port, temp));
    child = spawn(NGINX, ['-p', temp, '-c', join(temp, 'nginx.conf')], { stdio: ['ignore', 'ignore', 'inherit'] });
    kind = `nginx (${NGINX}, worker_processes auto, sendfile)`;
  } else {
    child = spawn(process.execPath, ['-e', NODE_SERVER, root, String(port)], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    kind = `a tiny Node static server (node:http + readFile; ${NGINX} is missing)`;
  }
  await listening(child, port, kind);
  return {
    kind,
    url: new URL(`http://127.0.0.1:${port}/`),
    pid: child.pid!,
    dispose: () =>
      new Promise<void>((done) => {
        if (child.exitCode !== null) return done();
        child.once('exit', () => done());
        // nginx: SIGQUIT is the graceful stop of master and workers.
        child.kill(kind.startsWith('nginx') ? 'SIGQUIT' : 'SIGTERM');
      }),
  };
}
