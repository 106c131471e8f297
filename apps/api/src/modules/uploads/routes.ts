import multipart, { type MultipartFile } from "@fastify/multipart";
import { satisfies } from "@shop/shared/permissions";
import { okResponse } from "@shop/shared/schemas/common";
import { type StoredImage, uploadResultSchema } from "@shop/shared/schemas/uploads";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AppError, badRequest, forbidden } from "../../lib/errors.ts";
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
      const files: Buffer[] = [];
      let folder: UploadFolder = "products";
      const announced = Number(request.headers["content-length"]);
      await refuseUploadBeyondAllowance(
        app.db,
        principalOf(request).userId,
        Number.isSafeInteger(announced) ? announced : undefined,
        allowance,
      );
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
      // Counted before any work, and atomically (allowance.ts): parallel requests cannot together go over.
      const sent = files.reduce((sum, bytes) => sum + bytes.length, 0);
      const reservation = await reserveUpload(app.db, principalOf(request).userId, sent, allowance);
      // Every file is checked and converted before the first is written: a refused batch leaves nothing behind.
      const prepared: PreparedImage[] = [];
      try {
        for (const bytes of files) prepared.push(await prepareImage(store, folder, bytes));
      } catch (error) {
        // Nothing of it was stored, so none of it counts.
        await releaseUpload(app.db, reservation);
        throw error;
      }
      const images: StoredImage[] = [];
      for (const image of prepared) images.push(await saveImage(store, image));
      await audit(request, {
        module: "upload",
        action: "Upload images",
        description: `Uploaded ${images.length} image${images.length === 1 ? "" : "s"} to ${folder}`,
      });
      return reply.status(201).send({
        success: true,
        message: "Images uploaded successfully",
        data: { urls: images.map((image) => image.url), images },
      });
    },
  );
};
