export declare const ROOT: string;
export declare function buildNeeded(distDir: string): "missing" | "stale" | null;
export declare function ensureBuild(distDir: string, force?: boolean): { built: boolean; seconds: number };
