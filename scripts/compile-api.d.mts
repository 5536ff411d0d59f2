export function compileApi(entryPoints: Record<string, string>, outdir: string): Promise<void>;
