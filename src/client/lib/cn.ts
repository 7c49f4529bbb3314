import { clsx, type ClassValue } from 'clsx';

/**
 * Joins class names. There is no class-conflict merging (tailwind-merge costs 12 KB gzip on every
 * page), so components never pass two utilities for the same property.
 */
export function cn(...values: ClassValue[]) {
  return clsx(values);
}
