import { backofficeCopy } from "@shop/shared/backoffice-copy";
import { useCallback, useEffect, useRef, useState } from "react";
import { messageOf } from "./api-client";
import { type UploadFolder, uploadImage } from "./upload-images";
import { useSessionExpiry } from "./use-session-expiry";

/** A file on its way up: its bar, or why it failed. */
export type PendingUpload = { key: number; name: string; percent: number; error: string | null };

type Options = {
  folder: UploadFolder;
  /**
   * Each file's URL once it and every file picked before it are stored (or have failed): in the order
   * they were picked, as the first is the product's main image, whichever finishes first.
   */
  onUploaded: (url: string) => void;
};

/** Uploads files one request each, with per-file progress; failed ones stay listed until dismissed. */
export function useImageUploads({ folder, onUploaded }: Options) {
  const { expireOn401, token } = useSessionExpiry();
  const [pending, setPending] = useState<PendingUpload[]>([]);
  const nextKey = useRef(1);
  const controllers = useRef(new Set<AbortController>());
  // The latest callback, for uploads that finish after a re-render.
  const uploaded = useRef(onUploaded);
  useEffect(() => {
    uploaded.current = onUploaded;
  });

  // Leaving the form cancels what is still on its way.
  useEffect(() => {
    const open = controllers.current;
    return () => {
      for (const controller of open) controller.abort();
    };
  }, []);

  // Files in the order they were picked, until handed over: a finished one waits for those before it.
  const inOrder = useRef<{ key: number; url?: string; settled: boolean }[]>([]);
  const settle = useCallback((key: number, url?: string) => {
    const entry = inOrder.current.find((item) => item.key === key);
    if (!entry) return;
    entry.settled = true;
    if (url !== undefined) entry.url = url;
    while (inOrder.current[0]?.settled) {
      const done = inOrder.current.shift();
      if (done?.url !== undefined) uploaded.current(done.url);
    }
  }, []);

  const patch = useCallback((key: number, change: Partial<PendingUpload>) => {
    setPending((list) => list.map((item) => (item.key === key ? { ...item, ...change } : item)));
  }, []);

  const upload = useCallback(
    (files: readonly File[]) => {
      for (const file of files) {
        const key = nextKey.current++;
        const controller = new AbortController();
        controllers.current.add(controller);
        setPending((list) => [...list, { key, name: file.name, percent: 0, error: null }]);
        inOrder.current.push({ key, settled: false });
        uploadImage(file, {
          folder,
          token: token(),
          signal: controller.signal,
          onProgress: (percent) => patch(key, { percent }),
        })
          .then((url) => {
            setPending((list) => list.filter((item) => item.key !== key));
            settle(key, url);
          })
          .catch((error: unknown) => {
            settle(key);
            if (controller.signal.aborted) return;
            expireOn401(error);
            patch(key, { error: messageOf(error, backofficeCopy.uploads.failed) });
          })
          .finally(() => controllers.current.delete(controller));
      }
    },
    [folder, token, patch, settle, expireOn401],
  );

  const dismiss = useCallback((key: number) => {
    setPending((list) => list.filter((item) => item.key !== key));
  }, []);

  const isUploading = pending.some((item) => item.error === null);
  return { pending, upload, dismiss, isUploading };
}
