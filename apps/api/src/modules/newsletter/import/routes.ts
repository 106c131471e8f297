import { createWriteStream } from "node:fs";
import { mkdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import multipart from "@fastify/multipart";
import { idSchema, okResponse } from "@shop/shared/schemas/common";
import {
  type ConsentSource,
  type ImportMapping,
  type ImportPreview,
  importPreviewSchema,
  importProgressSchema,
  importResultSchema,
  newsletterCopy,
} from "@shop/shared/schemas/newsletter";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError, badRequest, notFound } from "../../../lib/errors.ts";
import { audit } from "../../../plugins/activity.ts";
import { principalOf, requirePermission } from "../../../plugins/auth.ts";
import { tagsByIds } from "../tags-service.ts";
import { claimImportJob, discardImportJob, importProgress, keepImportAlive, openImportJob } from "./jobs.ts";
import { previewBytes, previewCsv } from "./preview.ts";
import { importSubscribers } from "./service.ts";
import { checkCsvPart, fileTooLarge, headOf, mappingOf, maxFileBytes, multipartError } from "./upload.ts";

/** How long the import's next batch waits, at most, for requests that came during the last (PGlite). */
const giveWayMs = 250;
/** A job opened beforehand with POST /api/csv/import-jobs, to follow the upload; without one, the upload opens its own. */
const importQuerySchema = z.strictObject({ jobId: idSchema.optional() });
const importNotFound = "Import not found";
const csvFile = {
  type: "string",
  format: "binary",
  description: `The CSV file, up to ${maxFileBytes / 1024 / 1024} MB`,
} as const;

type ImportOptions = {
  tmpDir: string;
  bulkMaxRows: number;
  /** Applies the sign-ups and unsubscribes that came while the import held the audience. */
  afterImport: () => Promise<void>;
};

export const importRoutes: FastifyPluginAsyncZod<ImportOptions> = async (app, { tmpDir, bulkMaxRows, afterImport }) => {
  // Multipart for these routes only, as for uploads: its hooks would otherwise run on every request.
  await app.register(multipart);
  app.post(
    "/api/csv/import-jobs",
    {
      config: requirePermission("newsletter:update-subscriber"),
      schema: {
        summary: "Open a subscriber import job",
        response: { 201: okResponse(z.object({ jobId: z.string() })) },
      },
    },
    async (request, reply) => {
      const jobId = await openImportJob(app.db, principalOf(request).userId);
      return reply.status(201).send({ success: true, message: "Import job opened", data: { jobId } });
    },
  );

  app.post(
    "/api/csv/import-preview",
    {
      config: { ...requirePermission("newsletter:update-subscriber"), formFields: { file: csvFile } },
      schema: { summary: "Preview a CSV file's columns", response: { 200: okResponse(importPreviewSchema) } },
    },
    async (request) => {
      let preview: ImportPreview | undefined;
      try {
        for await (const part of request.parts({ limits: { files: 1, fileSize: maxFileBytes, fields: 0 } })) {
          if (part.type !== "file") continue;
          checkCsvPart(part);
          const { head, partial } = await headOf(part.file, previewBytes);
          preview = previewCsv(head, partial);
        }
      } catch (error) {
        multipartError(error);
      }
      if (!preview) throw badRequest(newsletterCopy.selectFile, { file: newsletterCopy.selectFile });
      return { success: true, message: "Import preview", data: preview };
    },
  );

  app.post(
    "/api/csv/import-csv",
    {
      config: {
        ...requirePermission("newsletter:update-subscriber"),
        activity: { module: "newsletter", action: "Import subscribers" },
        formFields: {
          file: csvFile,
          tagIds: { type: "array", items: { type: "string" }, description: "The tags every imported person gets" },
          mapping: { type: "string", description: "The column mapping as JSON, when staff changed the detected one" },
        },
      },
      schema: {
        summary: "Import subscribers from a CSV file",
        querystring: importQuerySchema,
        response: { 200: okResponse(importResultSchema) },
      },
    },
    async (request) => {
      const staff = principalOf(request);
      const { userId } = staff;
      // The id is always the server's: a job named here must be one this caller opened and has not used.
      const jobId = request.query.jobId ?? (await openImportJob(app.db, userId));
      if (!(await claimImportJob(app.db, jobId, userId))) throw notFound(importNotFound);
      const tagIds: string[] = [];
      let fileName: string | undefined;
      /** The columns staff checked or changed in the preview; without it the header names decide. */
      let mapping: ImportMapping | undefined;
      // The file goes to disk first: tag ids may arrive after it, and memory stays flat for 50 MB files.
      const tmpFile = path.join(tmpDir, `import-${jobId}.csv`);
      await mkdir(tmpDir, { recursive: true });
      const stopHeartbeat = keepImportAlive(app.db, jobId);
      let imported = false;
      try {
        try {
          for await (const part of request.parts({ limits: { files: 1, fileSize: maxFileBytes, fields: 60 } })) {
            if (part.type === "file") {
              checkCsvPart(part);
              fileName = part.filename;
              await pipeline(part.file, createWriteStream(tmpFile));
              if (part.file.truncated) throw new AppError(413, fileTooLarge);
            } else if (part.fieldname === "tagIds" || part.fieldname === "tagIds[]") {
              const parsed = idSchema.safeParse(String(part.value));
              if (!parsed.success) throw badRequest(newsletterCopy.tagNotFound, { tagIds: newsletterCopy.tagNotFound });
              tagIds.push(parsed.data);
            } else if (part.fieldname === "mapping") {
              mapping = mappingOf(String(part.value));
            }
          }
        } catch (error) {
          multipartError(error);
        }
        if (!fileName) throw badRequest(newsletterCopy.selectFile, { file: newsletterCopy.selectFile });
        const uniqueTags = [...new Set(tagIds)];
        if (uniqueTags.length === 0) throw badRequest(newsletterCopy.selectTag, { tagIds: newsletterCopy.selectTag });
        const tags = await tagsByIds(app.db, uniqueTags);
        if (tags.length !== uniqueTags.length)
          throw badRequest(newsletterCopy.tagNotFound, { tagIds: newsletterCopy.tagNotFound });
        const { size } = await stat(tmpFile);
        if (size === 0) throw badRequest("The file is empty");

        imported = true;
        // The person never signed up from an address: their consent is this import's.
        const consentAt = new Date();
        const consentSource: ConsentSource = {
          type: "import",
          fileName,
          importedBy: { id: staff.userId, name: staff.name, email: staff.email },
          importedAt: consentAt.toISOString(),
          importJobId: jobId,
        };
        const result = await importSubscribers(
          app.db,
          { path: tmpFile, bytes: size },
          {
            jobId,
            fileName,
            tagIds: uniqueTags,
            consentSource,
            consentAt,
            ...(mapping && { mapping }),
            bulkMaxRows,
            giveWay: () => app.othersAnswered(giveWayMs),
          },
        ).finally(afterImport);
        await audit(request, {
          module: "newsletter",
          action: "Import subscribers",
          description: `Imported ${fileName}: ${result.importedCount} new, ${result.updatedCount} updated, ${result.skippedCount} skipped, ${result.suppressedCount ?? 0} suppressed`,
          details: { tagsList: tags.map((t) => t.name), importJobId: jobId },
        });
        return { success: true, message: newsletterCopy.imported(result.importedCount), data: result };
      } finally {
        stopHeartbeat();
        await rm(tmpFile, { force: true });
        // A refused upload never reached the importer (which marks its own failures): it changes nothing.
        if (!imported) await discardImportJob(app.db, jobId);
      }
    },
  );

  app.get(
    "/api/csv/import-progress/:jobId",
    {
      config: requirePermission("newsletter:update-subscriber"),
      schema: {
        summary: "Follow an import's progress",
        params: z.strictObject({ jobId: idSchema }),
        response: { 200: okResponse(importProgressSchema) },
      },
    },
    async (request) => {
      const progress = await importProgress(app.db, request.params.jobId, principalOf(request).userId);
      if (!progress) throw notFound(importNotFound);
      return { success: true, message: "Import progress", data: progress };
    },
  );
};
