import type { BuildOptions } from 'esbuild';

export function apiBuildOptions(entryPoints: Record<string, string>, outdir: string): BuildOptions;
