import multipart, { type MultipartFile } from "@fastify/multipart";
import { satisfies } from "@shop/shared/permissions";
import { okResponse } from "@shop/shared/schemas/common";
import { type StoredImage, uploadResultSchema } from "@shop/shared/schemas/uploads";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../../db/client.ts";
import { AppError, badRequest, forbidden } from "../../lib/errors.ts";
import { createSlots } from "../../lib/slots.ts";
import { audit } from "../../plugins/activity.ts";
import { principalOf, requirePermission } from "../../plugins/auth.ts";
import { declareCacheScope, nothingPublic } from "../../plugins/cluster.ts";
import { refuseUploadBeyondAllowance, releaseUpload, reserveUpload } from "./allowance.ts";
import {
  type PreparedImage,
  prepareImage,
  saveImage,
  type UploadFolder,
  uploadFolderPermissions,
  uploadFolders,
  uploadMessages,
} from "./images.ts";
import type { FileStore } from "./storage.ts";

const maxFiles = 10;
const maxFileBytes = 8 * 1024 * 1024;

/**
 * Batches converted at once in this process. Decoding a 50-megapixel picture takes 150–200 MB: eight
 * batches of five 49-megapixel PNGs sent together took the server from about 300 MB to a peak growth
 * of 517 MB (491–551), and two at a time to 309 MB (307–322), sooner, with each picture decoded once
 * (images.ts; `npm run bench:uploads`). A batch converts one picture after another, so two keep two
 * cores busy. The files are read first, outside the slots: a slow connection sending its files must
 * not keep everyone else's from being converted.
 */
export const conversionSlots = createSlots(2);
const conversionWaitMs = 30_000;

function isFolder(value: string): value is UploadFolder {
  return (uploadFolders as readonly string[]).includes(value);
}

/** The route lets in anyone who may write to some folder; this checks the folder asked for. */
function assertMayWriteTo(request: FastifyRequest, folder: UploadFolder): void {
  if (!satisfies(principalOf(request), uploadFolderPermissions[folder])) {
    throw forbidden(`You do not have permission to upload images to ${folder}`);
  }
}

/** Multipart limits surface as Fastify errors; give them our words and the right status. */
function uploadError(error: unknown): never {
  const code = typeof error === "object" && error !== null && "code" in error ? String(error.code) : "";
  if (code === "FST_REQ_FILE_TOO_LARGE") throw new AppError(413, uploadMessages.tooLarge);
  if (code === "FST_FILES_LIMIT" || code === "FST_PARTS_LIMIT") throw new AppError(413, uploadMessages.tooMany);
  if (code === "FST_INVALID_MULTIPART_CONTENT_TYPE") throw new AppError(415, "Send the images as multipart/form-data");
  if (error instanceof AppError) throw error;
  throw badRequest("The upload could not be read");
}

export const uploadRoutes: FastifyPluginAsyncZod<{ store: FileStore; allowance: { megabytes: number } }> = async (
  app,
  { store, allowance },
) => {
  declareCacheScope(app, nothingPublic);
  // Here and in the CSV import only: registered for the whole app, its hooks (an async onRequest
  // adding a close listener, an async onResponse) ran on every request.
  await app.register(multipart);
  app.post(
    "/api/upload/multiple",
    {
      schema: { summary: "Upload images", response: { 201: okResponse(uploadResultSchema) } },
      config: {
        formFields: {
          images: {
            type: "array",
            items: { type: "string", format: "binary" },
            description: `Up to ${maxFiles} JPEG, PNG, WebP, AVIF or GIF files of ${maxFileBytes / 1024 / 1024} MB each`,
          },
          folder: { type: "string", description: `One of ${uploadFolders.join(", ")}; products if left out` },
        },
        ...requirePermission([...new Set(Object.values(uploadFolderPermissions).flat())]),
        activity: { module: "upload", action: "Upload images" },
      },
    },
    async (request, reply) => {
      const announced = Number(request.headers["content-length"]);
      await refuseUploadBeyondAllowance(
        app.db,
        principalOf(request).userId,
        Number.isSafeInteger(announced) ? announced : undefined,
        allowance,
      );
      const images = await storeUpload(request, store, allowance);
      return reply.status(201).send({
        success: true,
        message: "Images uploaded successfully",
        data: { urls: images.map((image) => image.url), images },
      });
    },
  );
};

/** Reads the batch, then checks, converts and stores it. */
async function storeUpload(
  request: FastifyRequest,
  store: FileStore,
  allowance: { megabytes: number },
): Promise<StoredImage[]> {
  const db = request.server.db;
  const files: Buffer[] = [];
  let folder: UploadFolder = "products";
  try {
    const parts = request.parts({
      limits: { files: maxFiles, fileSize: maxFileBytes, fields: 5, parts: maxFiles + 5 },
    });
    for await (const part of parts) {
      if (part.type === "file") {
        if (part.fieldname !== "images") {
          await part.toBuffer();
          throw badRequest('Send the images in the "images" field');
        }
        files.push(await (part as MultipartFile).toBuffer());
      } else if (part.fieldname === "folder") {
        const value = String(part.value);
        if (!isFolder(value)) throw badRequest(`Folder must be one of: ${uploadFolders.join(", ")}`);
        // Before any later file is read: the web app sends the folder first.
        assertMayWriteTo(request, value);
        folder = value;
      }
    }
  } catch (error) {
    uploadError(error);
  }
  assertMayWriteTo(request, folder);
  if (files.length === 0) throw badRequest(uploadMessages.none);
  const converting = await conversionSlots.take(conversionWaitMs);
  if (!converting) throw new AppError(503, uploadMessages.busy, undefined, { "retry-after": "5" });
  let images: StoredImage[];
  try {
    images = await convertAndStore(db, principalOf(request).userId, { files, folder, store, allowance });
  } finally {
    converting();
  }
  await audit(request, {
    module: "upload",
    action: "Upload images",
    description: `Uploaded ${images.length} image${images.length === 1 ? "" : "s"} to ${folder}`,
  });
  return images;
}

/** Every file is checked and converted before the first is written: a refused batch stores nothing. */
async function convertAndStore(
  db: Db,
  userId: string,
  batch: { files: Buffer[]; folder: UploadFolder; store: FileStore; allowance: { megabytes: number } },
): Promise<StoredImage[]> {
  const { files, folder, store } = batch;
  // Counted before any work, and atomically (allowance.ts): parallel requests cannot together go over.
  const sent = files.reduce((sum, bytes) => sum + bytes.length, 0);
  const reservation = await reserveUpload(db, userId, sent, batch.allowance);
  const prepared: PreparedImage[] = [];
  try {
    for (const bytes of files) prepared.push(await prepareImage(store, folder, bytes));
  } catch (error) {
    // Nothing of it was stored, so none of it counts.
    await releaseUpload(db, reservation);
    throw error;
  }
  const images: StoredImage[] = [];
  for (const image of prepared) images.push(await saveImage(store, image));
  return images;
}
