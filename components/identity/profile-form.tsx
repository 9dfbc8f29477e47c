// The profile form: the registration's fields under the profile's rules (all required).
"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useForm } from "react-hook-form";
import { useMessages } from "@/components/i18n/messages";
import { PupilFields, type PupilFormValues } from "@/components/registration/pupil-fields";
import { Button } from "@/components/ui/button";
import { lazyZodResolver } from "@/components/ui/lazy-resolver";
import { showServerErrors } from "@/components/ui/server-errors";
import { preloadToasts, toast } from "@/components/ui/toast";
import type { CurrentUser } from "@/lib/identity/users";
import type { ReferenceData } from "@/lib/reference/types";
import { api } from "@/shared/http/client";
import type { ProfileInput } from "@/shared/identity/schema";
import { currentUserKey } from "./use-current-user";

const resolver = lazyZodResolver<PupilFormValues>(() => import("@/shared/identity/schema").then((m) => m.profileSchema));

// The schema and the toasts (a failed save is told in one) load when the form is first touched.
const preload = () => {
  resolver.preload();
  preloadToasts().catch(() => {});
};

function defaults(user: CurrentUser): PupilFormValues {
  return {
    regionId: user.regionId ?? undefined,
    districtId: user.districtId ?? undefined,
    organizationId: user.regionId ? user.organizationId : undefined,
    grade: user.grade ?? undefined,
    subjectId: user.subjectId ?? undefined,
    language: user.language,
    firstName: user.firstName,
    lastName: user.lastName,
    middleName: user.middleName ?? "",
    birthDate: user.birthDate ?? "",
    phoneNumber: user.phoneNumber ?? "",
  };
}

export function ProfileForm({ user, reference }: { user: CurrentUser; reference: ReferenceData }) {
  const messages = useMessages();
  const router = useRouter();
  const queryClient = useQueryClient();
  const form = useForm<PupilFormValues>({
    resolver,
    defaultValues: defaults(user),
    mode: "onTouched",
  });

  const mutation = useMutation({
    mutationFn: (profile: ProfileInput) => api<CurrentUser>("/Identity/Update", { method: "POST", body: profile }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: currentUserKey });
      toast.success(messages.profile.saved);
      router.push("/");
      router.refresh();
    },
    onError: (error) => {
      const server = showServerErrors(form, error);
      toast.error(messages.registration.saveFailed, {
        id: "profile-save",
        position: "top-center",
        description: server && server.status !== 422 ? server.message : undefined,
      });
    },
  });

  return (
    <form
      onSubmit={form.handleSubmit((values) => mutation.mutate(values as ProfileInput))}
      onFocus={preload}
      noValidate
      className="flex flex-col gap-5"
    >
      <PupilFields form={form} reference={reference} allRequired />
      <Button type="submit" pending={mutation.isPending} className="w-full sm:w-auto sm:self-end">
        {messages.profile.save}
      </Button>
    </form>
  );
}
