// Code loaded where it is used (the cheap phone's JavaScript budget): one load shared by every
// caller; after a failure (no network) the next call tries again.

export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | null = null;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
}
