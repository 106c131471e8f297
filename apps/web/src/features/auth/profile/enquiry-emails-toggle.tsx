import { adminCopy } from "@shop/shared/admin-copy";
import type { UserDto } from "@shop/shared/schemas/users";
import { useState } from "react";
import { CheckboxField } from "@/components/form-field";
import { messageOf } from "@/lib/api-client";
import { useToast } from "@/lib/toasts";
import { useUpdateProfile } from "./update-profile";

const t = adminCopy.profile;

/**
 * "Email me new enquiries": saved as soon as it is switched. The profile page offers it only to
 * people who may view contacts; the API refuses it for anyone else.
 */
export function EnquiryEmailsToggle({ user }: { user: UserDto }) {
  const updateProfile = useUpdateProfile();
  const toast = useToast();
  const [checked, setChecked] = useState(user.notifyEnquiries ?? false);

  const onChange = async (next: boolean) => {
    setChecked(next);
    try {
      const updated = await updateProfile.mutateAsync({ notifyEnquiries: next });
      setChecked(updated.notifyEnquiries ?? next);
      toast.success(next ? t.notifyEnquiriesOn : t.notifyEnquiriesOff);
    } catch (error) {
      setChecked(!next);
      toast.error(messageOf(error, t.failedUpdate));
    }
  };

  return (
    <CheckboxField
      label={t.notifyEnquiries}
      hint={t.notifyEnquiriesHint}
      checked={checked}
      disabled={updateProfile.isPending}
      onChange={(event) => void onChange(event.currentTarget.checked)}
    />
  );
}
