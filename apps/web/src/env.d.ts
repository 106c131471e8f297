interface ImportMetaEnv {
  /** Where the API lives; the same origin's /api when unset. */
  readonly VITE_API_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
