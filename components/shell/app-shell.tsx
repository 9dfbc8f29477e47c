// The signed-in shell: black side menu (a drawer on phones), dark purple collapse trigger,
// the user's name, grade and subject, and "Chiqish".
"use client";

import Link from "next/link";
import { usePathname, useSearchParams } from "next/navigation";
import { type ReactNode, useState } from "react";
import { LanguageSwitcher } from "@/components/i18n/language-switcher";
import { useLocalName, useMessages } from "@/components/i18n/messages";
import { logout, useCurrentUser } from "@/components/identity/use-current-user";
import { ChevronIcon, LogoutIcon, MenuIcon, SettingsIcon, TestIcon, UserIcon } from "@/components/ui/icons";
import type { CurrentUser } from "@/lib/identity/users";
import { originOf, originSection } from "@/shared/console/origin";
import type { Messages } from "@/shared/i18n/types";
import { gradeAndSubject } from "@/shared/i18n/words";
import { fullName } from "@/shared/identity/names";
import { UserRole } from "@/shared/identity/roles";

function navItems(texts: Messages["shell"], role: number) {
  const consoleNav = texts.console;
  // The profile is the pupil's registration details; an organiser's account is the head organiser's to manage.
  if (role === UserRole.Default) {
    return [
      { href: "/test-attempt", label: texts.testAttempt, icon: <TestIcon /> },
      { href: "/update-profile", label: texts.profile, icon: <UserIcon /> },
    ];
  }
  const items: { href: string; label: string; icon: ReactNode }[] = [];
  if (role === UserRole.Admin) {
    items.push(
      { href: "/admin", label: consoleNav.board, icon: <SettingsIcon /> },
      { href: "/admin/tests", label: consoleNav.tests, icon: <TestIcon /> },
      { href: "/admin/questions", label: consoleNav.questions, icon: <TestIcon /> },
      { href: "/admin/results", label: consoleNav.results, icon: <TestIcon /> },
      { href: "/admin/pupils", label: consoleNav.pupils, icon: <UserIcon /> },
      { href: "/admin/registrations", label: consoleNav.registrations, icon: <TestIcon /> },
      { href: "/admin/payments", label: consoleNav.payments, icon: <TestIcon /> },
      { href: "/admin/incidents", label: consoleNav.incidents, icon: <SettingsIcon /> },
      { href: "/admin/audit", label: consoleNav.audit, icon: <TestIcon /> },
      { href: "/admin/rehearsal", label: consoleNav.rehearsal, icon: <SettingsIcon /> },
      { href: "/admin/seasons", label: consoleNav.seasons, icon: <SettingsIcon /> },
      { href: "/admin/organisers", label: consoleNav.organisers, icon: <UserIcon /> },
    );
  }
  return items;
}

/**
 * The board's "/admin" is active on itself only; every other item also under its own path, but a
 * test's own pages (/admin/tests/…) under the item the organiser came from (shared/console/origin).
 */
function isActive(href: string, pathname: string, from: string | null): boolean {
  if (pathname.startsWith("/admin/tests/")) return href === originSection(originOf(from));
  return pathname === href || (href !== "/admin" && pathname.startsWith(`${href}/`));
}

export function AppShell({ user: initialUser, children }: { user: CurrentUser; children: ReactNode }) {
  const messages = useMessages();
  const local = useLocalName();
  const texts = messages.shell;
  const { data: user = initialUser } = useCurrentUser(initialUser);
  const pathname = usePathname();
  const from = useSearchParams().get("from");
  const [collapsed, setCollapsed] = useState(false); // large screens
  const [open, setOpen] = useState(false); // phones
  const [leaving, setLeaving] = useState(false);

  const menu = (
    <nav aria-label={texts.openMenu} className="flex h-full flex-col bg-menu text-slate-200">
      <div className={`flex items-center gap-2 px-4 py-4 ${collapsed ? "lg:justify-center lg:px-2" : ""}`}>
        <span aria-hidden className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary-600 font-bold text-white">
          O
        </span>
        <span className={`font-semibold text-white ${collapsed ? "lg:hidden" : ""}`}>{messages.app.name}</span>
      </div>
      <ul className="flex-1 space-y-1 px-2">
        {navItems(texts, user.role).map((item) => {
          const active = isActive(item.href, pathname, from);
          return (
            <li key={item.href}>
              {/* No prefetch: at the opening every pupil's menu would ask the server for its pages. */}
              <Link
                href={item.href}
                prefetch={false}
                onClick={() => setOpen(false)}
                aria-current={active ? "page" : undefined}
                title={item.label}
                className={`flex min-h-11 items-center gap-3 rounded-lg px-3 text-sm font-medium ${
                  active ? "bg-primary-600 text-white" : "hover:bg-white/10"
                } ${collapsed ? "lg:justify-center" : ""}`}
              >
                {item.icon}
                <span className={collapsed ? "lg:sr-only" : ""}>{item.label}</span>
              </Link>
            </li>
          );
        })}
      </ul>
      <div className={`px-2 pb-3 ${collapsed ? "lg:hidden" : ""}`}>
        <LanguageSwitcher tone="dark" compact />
      </div>
      <div className={`border-t border-white/10 p-3 ${collapsed ? "lg:hidden" : ""}`} data-testid="user-card">
        <p className="truncate text-sm font-semibold text-white">{fullName(user)}</p>
        <p className="truncate text-xs text-slate-400">
          {gradeAndSubject(messages, user.grade, user.subjectName && local(user.subjectName))}
        </p>
      </div>
      <div className="px-2 pb-2">
        <button
          type="button"
          disabled={leaving}
          onClick={() => {
            setLeaving(true);
            void logout();
          }}
          title={texts.logout}
          className={`flex min-h-11 w-full items-center gap-3 rounded-lg px-3 text-sm font-medium text-red-300 hover:bg-white/10 disabled:opacity-60 ${
            collapsed ? "lg:justify-center" : ""
          }`}
        >
          <LogoutIcon />
          <span className={collapsed ? "lg:sr-only" : ""}>{texts.logout}</span>
        </button>
      </div>
      <button
        type="button"
        onClick={() => setCollapsed((c) => !c)}
        aria-label={collapsed ? texts.expand : texts.collapse}
        data-testid="collapse-trigger"
        className="hidden min-h-11 items-center justify-center bg-menu-trigger text-white hover:brightness-125 lg:flex"
      >
        <ChevronIcon left={!collapsed} />
      </button>
    </nav>
  );

  return (
    <div className="flex min-h-dvh">
      {/* Large screens: a fixed column that collapses to icons. */}
      <aside className={`sticky top-0 hidden h-dvh shrink-0 transition-[width] print:hidden lg:block ${collapsed ? "w-16" : "w-64"}`}>
        {menu}
      </aside>

      {/* Phones: a top bar and a drawer. */}
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-30 flex items-center gap-3 bg-menu px-3 py-2 text-white print:hidden lg:hidden">
          <button
            type="button"
            onClick={() => setOpen(true)}
            aria-label={texts.openMenu}
            aria-expanded={open}
            data-testid="menu-trigger"
            className="flex size-11 items-center justify-center rounded-lg bg-menu-trigger"
          >
            <MenuIcon />
          </button>
          <div className="min-w-0">
            <p className="truncate text-sm font-semibold">{fullName(user)}</p>
            <p className="truncate text-xs text-slate-400">
              {gradeAndSubject(messages, user.grade, user.subjectName && local(user.subjectName))}
            </p>
          </div>
          <div className="ml-auto shrink-0">
            <LanguageSwitcher tone="dark" compact />
          </div>
        </header>
        {open && (
          <div className="fixed inset-0 z-40 lg:hidden" role="dialog" aria-modal="true" aria-label={texts.openMenu}>
            <button
              type="button"
              aria-label={messages.common.close}
              className="absolute inset-0 bg-black/50"
              onClick={() => setOpen(false)}
            />
            <div className="absolute inset-y-0 left-0 w-72 max-w-[85vw]">{menu}</div>
          </div>
        )}
        <main className="min-w-0 flex-1 p-3 sm:p-6">{children}</main>
      </div>
    </div>
  );
}
