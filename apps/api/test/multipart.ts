import type { FastifyInstance } from "fastify";

/** Builds a multipart/form-data body by hand, so tests can also send broken ones. */
export function multipart(parts: { name: string; filename?: string; type?: string; data: Buffer | string }[]) {
  const boundary = `----shop${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = part.filename
      ? `form-data; name="${part.name}"; filename="${part.filename}"`
      : `form-data; name="${part.name}"`;
    const headers = `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.type ? `Content-Type: ${part.type}\r\n` : ""}\r\n`;
    chunks.push(
      Buffer.from(headers),
      Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data),
      Buffer.from("\r\n"),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** POSTs a file to the subscriber import with these tags, as the back office's import form does. */
export function postCsvImport(
  app: FastifyInstance,
  token: string,
  data: string | Buffer,
  tagIds: string[],
  options: { fileName?: string; type?: string; jobId?: string } = {},
) {
  const body = multipart([
    { name: "file", filename: options.fileName ?? "people.csv", type: options.type ?? "text/csv", data },
    ...tagIds.map((id) => ({ name: "tagIds", data: id })),
  ]);
  return app.inject({
    method: "POST",
    url: options.jobId ? `/api/csv/import-csv?jobId=${options.jobId}` : "/api/csv/import-csv",
    headers: { authorization: `Bearer ${token}`, "content-type": body.contentType },
    payload: body.payload,
  });
}
