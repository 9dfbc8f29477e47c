// The sign-in form: login, password, "Kirish", and the server's answer above the fields.
"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useMessages } from "@/components/i18n/messages";
import { forgetAllAttempts } from "@/components/offline/attempt-copy";
import { Button } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/field";
import { lazyZodResolver } from "@/components/ui/lazy-resolver";
import { QueueState } from "@/components/ui/queue-state";
import type { CurrentUser } from "@/lib/identity/users";
import { ApiError, api, busyWait } from "@/shared/http/client";
import type { QueuePlace } from "@/shared/http/contract";
import { homeOf } from "@/shared/identity/routes";
import type { LoginInput } from "@/shared/identity/schema";
import { currentUserKey } from "./use-current-user";

const resolver = lazyZodResolver<LoginInput>(() => import("@/shared/identity/schema").then((m) => m.loginSchema));

/**
 * `returnUrl` null: the signed-in user's own home (spec §2: /test-attempt for a pupil), in one step.
 * `username`: filled in (the paid page's link), or empty.
 */
export function LoginForm({ returnUrl, username = "" }: { returnUrl: string | null; username?: string }) {
  const messages = useMessages();
  const router = useRouter();
  const queryClient = useQueryClient();
  const form = useForm<LoginInput>({ resolver, defaultValues: { username, password: "" } });
  const { errors } = form.formState;

  // A saturated server (a 503 with Retry-After) keeps the pupil in its queue: the
  // form waits and tries again by itself, the password kept; nothing to press again.
  const [queue, setQueue] = useState<{ retryAt: number; place: QueuePlace | null } | null>(null);
  const mutation = useMutation({
    mutationFn: async (input: LoginInput) => {
      for (let tries = 0; ; tries++) {
        try {
          const user = await api<CurrentUser>("/Identity/Login", { method: "POST", body: input });
          setQueue(null);
          return user;
        } catch (error) {
          if (!(error instanceof ApiError && error.status === 503 && error.retryAfter !== null)) {
            setQueue(null);
            throw error;
          }
          const wait = busyWait(error.retryAfter, tries);
          setQueue({ retryAt: Date.now() + wait, place: error.queue });
          await new Promise((resolve) => setTimeout(resolve, wait));
        }
      }
    },
    onSuccess: async (user) => {
      queryClient.setQueryData(currentUserKey, user);
      await forgetAllAttempts(); // no page kept for the previous pupil of this device

      // One render of the page the pupil goes to (not "/" and its redirect, not a refresh on
      // top): at the opening thousands sign in within minutes.
      router.replace(returnUrl ?? homeOf(user.role));
    },
    onError: () => form.setValue("password", ""),
  });
  const failure = mutation.error instanceof ApiError ? mutation.error.message : mutation.error ? messages.http.default : null;

  return (
    <form
      onSubmit={form.handleSubmit((input) => mutation.mutate(input))}
      onFocus={resolver.preload}
      noValidate
      className="flex flex-col gap-4"
    >
      {queue !== null && <QueueState retryAt={queue.retryAt} place={queue.place} />}
      {failure && (
        <p role="alert" data-testid="login-error" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-700">
          {failure}
        </p>
      )}
      <Field id="username" label={messages.login.username} error={errors.username?.message}>
        <Input
          id="username"
          autoComplete="username"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          maxLength={30}
          invalid={Boolean(errors.username)}
          {...form.register("username")}
        />
      </Field>
      <Field id="password" label={messages.login.password} error={errors.password?.message}>
        <Input
          id="password"
          type="password"
          autoComplete="current-password"
          maxLength={30}
          invalid={Boolean(errors.password)}
          {...form.register("password")}
        />
      </Field>
      <Button type="submit" pending={mutation.isPending} className="w-full">
        {messages.login.submit}
      </Button>
    </form>
  );
}
