import type { Page } from '@playwright/test';

export const BUDGET_KIB: { js: number; css: number };
export function recordAssets(page: Page): () => string[];
export function gzipKiB(paths: string[], distDir?: string): { js: number; css: number };
