import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { markdownContent } from './scripts/vite-markdown';

const apiPort = Number(process.env.API_PORT ?? 3001);

export default defineConfig(({ isSsrBuild }) => ({
  root: 'src/client',
  publicDir: path.resolve(import.meta.dirname, 'src/client/public'),
  plugins: [markdownContent(), react(), tailwindcss()],
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  build: {
    outDir: path.resolve(import.meta.dirname, 'dist/client'),
    emptyOutDir: true,
    sourcemap: true,
    manifest: true,
    chunkSizeWarningLimit: 400,
    // Every icon in one chunk: the home page fetched its ten icons as ten files of 300 bytes, each
    // with a kilobyte of headers (decision 040). The prerender build keeps the default.
    rolldownOptions: isSsrBuild
      ? {}
      : { output: { codeSplitting: { groups: [{ name: 'icons', test: /node_modules[\\/]lucide-react/ }] } } },
  },
  server: {
    port: Number(process.env.PORT ?? 3000),
    strictPort: true,
    proxy: {
      '/api': `http://127.0.0.1:${apiPort}`,
      '/demo-canvas': `http://127.0.0.1:${apiPort}`,
    },
  },
}));
