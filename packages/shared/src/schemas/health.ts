import { z } from "zod";

/** GET /api/health: 200 with the database up, 503 with it down; the same body either way. */
export const healthSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  data: z.object({ database: z.enum(["up", "down"]) }),
});
