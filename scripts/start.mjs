#!/usr/bin/env node
// `npm start`: build the H5 app and the console if they are missing, then run the server (it migrates and
// seeds the SQLite file on first start and prints one entry URL per demo table and shop).
import { existsSync } from 'node:fs'
import { spawnSync, spawn } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const bin = (name) => path.join(root, 'node_modules', '.bin', name)

if (!existsSync(path.join(root, 'dist', 'h5', 'index.html'))) {
  console.log('Building the H5 app (first start only)…')
  const built = spawnSync(bin('taro'), ['build', '--type', 'h5'], { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } })
  if (built.status !== 0) process.exit(built.status ?? 1)
}

// The restaurant's console (/console), its own small esbuild build (docs/console.md).
if (!existsSync(path.join(root, 'dist', 'console', 'index.html'))) {
  console.log('Building the console (first start only)…')
  const built = spawnSync(process.execPath, [path.join(root, 'scripts', 'build-console.mjs')], { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } })
  if (built.status !== 0) process.exit(built.status ?? 1)
}

// The pickup screen for a TV (/pickup), its own tiny esbuild build (docs/pickup-screen.md).
if (!existsSync(path.join(root, 'dist', 'pickup', 'index.html'))) {
  console.log('Building the pickup screen (first start only)…')
  const built = spawnSync(process.execPath, [path.join(root, 'scripts', 'build-pickup.mjs')], { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } })
  if (built.status !== 0) process.exit(built.status ?? 1)
}

const server = spawn(bin('tsx'), [path.join(root, 'server', 'src', 'main.ts')], { cwd: root, stdio: 'inherit' })
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal))
server.on('exit', (code) => process.exit(code ?? 0))
