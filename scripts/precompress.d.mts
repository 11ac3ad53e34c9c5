import type { Plugin } from 'vite';

export function precompressDirectory(dir: string): void;
export function precompress(): Plugin;
