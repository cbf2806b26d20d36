/** Image files import as their hashed URL (esbuild file loader). */
declare module '*.png' {
  const url: string;
  export default url;
}
declare module '*.webp' {
  const url: string;
  export default url;
}
declare module '*.svg' {
  const url: string;
  export default url;
}

/** The per-language text chunks made by the build (engine/build/build.ts) from locales/<lang>.json. */
declare module 'virtual:locales' {
  type Texts = { default: Record<string, unknown> };
  export const locales: Record<import('../engine/index.ts').Language, { first: () => Promise<Texts>; rest: () => Promise<Texts> }>;
}
declare module '*.avif' {
  const url: string;
  export default url;
}
