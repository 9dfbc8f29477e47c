// A form's zod schema, loaded when the form is first used rather than with the page (the cheap
// phone's JavaScript budget: zod and its resolver are a fifth of a page). The schema is the same
// one the server validates with; `preload` starts loading it as soon as a field is focused, so
// by the time the form validates it is there. Should it fail to arrive (the network dropped),
// the form is let through and the server's own check answers with the same messages.
"use client";

import type { FieldValues, Resolver } from "react-hook-form";
import type * as z from "zod/mini";
import { loadOnce } from "./load-once";

type Schema = z.core.$ZodType;

export type LazyResolver<T extends FieldValues> = Resolver<T> & { preload: () => void };

export function lazyZodResolver<T extends FieldValues>(loadSchema: () => Promise<Schema>): LazyResolver<T> {
  const load = loadOnce(() =>
    Promise.all([import("@hookform/resolvers/zod"), loadSchema()]).then(
      ([{ zodResolver }, schema]) => zodResolver(schema as never) as unknown as Resolver<T>,
    ),
  );
  const resolver: Resolver<T> = async (values, context, options) => {
    const resolve = await load().catch(() => null);
    return resolve ? resolve(values, context, options) : { values, errors: {} };
  };
  return Object.assign(resolver, { preload: () => void load().catch(() => {}) });
}
