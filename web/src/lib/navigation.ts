import { useEffect } from 'react';
import { matchPath, useLocation } from 'react-router-dom';
import { ADMIN_ROLES, type Role } from '@shared/roles';
import { navigation } from '@shared/messages/navigation';
import { HOME, routes, type ScreenRoute, type ScreenId } from '../config/routes';

export interface NavigationLink {
  id: ScreenId;
  path: string;
  label: string;
  roles: readonly Role[];
}

/** The message areas this module shows (one module each: a screen's chunk carries its own; docs/web.md). */
const messages = { navigation };

const table = Object.entries(routes) as Array<[ScreenId, ScreenRoute]>;

/**
 * The navigation links by role, exactly as the spec's table (section 2), in its order: a role's
 * first link is where `/` takes it. Read from the route table, so the guards use the same roles.
 */
export function navigationLinks(): NavigationLink[] {
  return table.flatMap(([id, route]) =>
    route.nav && route.access !== 'open' ? [{ id, path: route.path, label: messages.navigation[route.nav], roles: route.access }] : [],
  );
}

export function linksFor(role: Role): NavigationLink[] {
  return navigationLinks().filter((link) => link.roles.includes(role));
}

/** The first navigation link the role may see: where `/` redirects. */
export function homeFor(role: Role): string {
  return linksFor(role)[0]?.path ?? routes.login.path;
}

export const isAdminRole = (role: Role) => ADMIN_ROLES.includes(role);

/** Whether a role may open a screen. */
export function mayOpen(role: Role, route: ScreenRoute): boolean {
  return route.access === 'open' || route.access.includes(role);
}

/** Whether the role may open a path: `/`, or a screen of the route table open to it. */
export function canOpen(role: Role, pathname: string): boolean {
  return pathname === HOME || signedInScreenAt(role, pathname) !== undefined;
}

/** The screen at a path that needs a session and is open to the role, if any. */
export function signedInScreenAt(role: Role, pathname: string): ScreenId | undefined {
  const found = table.find(([, definition]) => matchPath(definition.path, pathname));
  return found && found[1].access !== 'open' && mayOpen(role, found[1]) ? found[0] : undefined;
}

/** The navigation link a path belongs to (the link itself or a screen below it), for the side navigation's highlight. */
export function activeLinkOf(links: readonly NavigationLink[], pathname: string): string {
  return links.find((link) => pathname === link.path || pathname.startsWith(`${link.path}/`))?.path ?? pathname;
}

/**
 * Where a screen was opened from, kept in the navigation state (spec 2: screens remember the origin
 * path and query; a back arrow returns there, else to the root).
 */
export interface OriginState {
  origin: string;
}

/** The state to navigate with so the next screen's back arrow returns here: `navigate(to, { state: originState(location) })`. */
export function originState(from: string | { pathname: string; search: string }): OriginState {
  return { origin: typeof from === 'string' ? from : from.pathname + from.search };
}

/** The back arrow's target: the remembered origin (a path of ours), else the root. */
export function originOf(state: unknown): string {
  const origin = typeof state === 'object' && state !== null ? (state as Partial<OriginState>).origin : undefined;
  return typeof origin === 'string' && origin.startsWith('/') && !origin.startsWith('//') ? origin : HOME;
}

/** Where a screen's back path is kept in local storage (spec 2: clinic edit, clinic tabs and settings). */
const backPathKey = (screen: string) => `backPath:${screen}`;

/**
 * The back arrow's target of a screen whose back path is also kept in local storage (spec 2: clinic
 * edit, clinic tabs, settings): the origin of the navigation state, kept for the next visit; without
 * one (a reload, a typed address) the one kept last, else the root.
 */
export function useKeptOrigin(screen: string): string {
  const fromState = originOf(useLocation().state);
  useEffect(() => {
    if (fromState !== HOME) localStorage.setItem(backPathKey(screen), fromState);
  }, [screen, fromState]);
  return fromState !== HOME ? fromState : originOf({ origin: localStorage.getItem(backPathKey(screen)) ?? undefined });
}
