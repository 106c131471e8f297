import { adminCopy } from "@shop/shared/admin-copy";
import type { ProfileUpdate, UserDto } from "@shop/shared/schemas/users";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useAppDispatch } from "@/app/store/hooks";
import { userLoaded } from "@/app/store/user-slice";
import { activityLogKeys } from "@/features/activity-logs/api/keys";
import { userKeys } from "@/features/users/api/keys";
import { api } from "@/lib/api-client";
import { profileKeys } from "./get-profile";

/** PUT /users/profile: one's own name and phone. */
export async function updateProfile(changes: ProfileUpdate): Promise<UserDto> {
  const { data } = await api.put<UserDto>("/users/profile", changes, {
    defaultMessage: adminCopy.profile.failedUpdate,
  });
  return data;
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  const dispatch = useAppDispatch();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => {
      queryClient.setQueryData(profileKeys.me, user);
      // The top bar and menus show the name from the store.
      dispatch(userLoaded(user));
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: userKeys.all }),
        queryClient.invalidateQueries({ queryKey: activityLogKeys.all }),
      ]);
    },
  });
}
