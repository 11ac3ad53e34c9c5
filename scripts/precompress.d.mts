import type { Plugin } from 'vite';

export function precompressDirectory(dir: string): number;
export function precompress(): Plugin;
