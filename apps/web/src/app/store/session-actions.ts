import type { UserDto } from "@shop/shared/schemas/users";
import { action } from "./actions";

/** The user as both the login response and GET /users/get-user describe it. */
export type SessionUser = Pick<UserDto, "_id" | "name" | "email" | "isSuperAdmin" | "role">;

/** Handled by the auth and user slices together, so a sign-in or sign-out is one action. */
export const signedIn = action<{ token: string; user: SessionUser }>("session/signedIn");
export const sessionCleared = action("session/cleared");
