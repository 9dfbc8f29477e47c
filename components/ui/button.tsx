// Buttons and button-styled links in the theme's colours, with a spinner while pending. A button is
// disabled until the page's JavaScript has taken over: before then a tap would be lost, so it is
// visibly impossible (a link works without JavaScript and stays as it is), and marked as waiting.
"use client";

import Link from "next/link";
import type { AnchorHTMLAttributes, ButtonHTMLAttributes, ComponentProps } from "react";
import { buttonClass, type Size, Spinner, type Variant } from "./button-style";
import { useHydrated } from "./hydrated";

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant; size?: Size; pending?: boolean };

export function Button({ variant = "primary", size, pending = false, className, children, disabled, ...props }: ButtonProps) {
  const hydrated = useHydrated();
  return (
    <button
      type="button"
      className={buttonClass(variant, className, size)}
      disabled={disabled || pending || !hydrated}
      aria-busy={pending || undefined}
      // Until then it says so: a check of the page (tests/support/axe.ts) waits for the page's buttons.
      data-hydrating={hydrated ? undefined : ""}
      {...props}
    >
      {pending && <Spinner />}
      {children}
    </button>
  );
}

type LinkButtonProps = ComponentProps<typeof Link> & { variant?: Variant; size?: Size };

export function LinkButton({ variant = "primary", size, className, ...props }: LinkButtonProps) {
  return <Link className={buttonClass(variant, className, size)} {...props} />;
}

type ExternalLinkButtonProps = AnchorHTMLAttributes<HTMLAnchorElement> & { variant?: Variant };

export function ExternalLinkButton({ variant = "primary", className, ...props }: ExternalLinkButtonProps) {
  return <a className={buttonClass(variant, className)} {...props} />;
}
