import { User } from '@/components/ui/icons';

/** Up to two letters from the part before "@": "jane.doe@…" → "JD", "sam@…" → "SA". */
function initialsOf(email: string): string {
  const name = email.split('@')[0] ?? '';
  const parts = name.split(/[._\-+]+/).filter(Boolean);
  const letters = parts.length > 1 ? parts[0][0] + parts[1][0] : name.slice(0, 2);
  return letters.toUpperCase();
}

/** The signed-in user's badge, drawn by the server: initials when the email is known, otherwise a neutral icon. */
export function UserAvatar({ email, label }: { email?: string | null; label: string }) {
  const initials = email ? initialsOf(email) : '';
  return (
    <span
      role="img"
      aria-label={email ?? label}
      title={email ?? undefined}
      data-testid="user-avatar"
      className="grid h-9 w-9 shrink-0 place-items-center rounded-full bg-secondary text-sm font-semibold text-secondary-foreground ring-1 ring-border"
    >
      {initials || <User className="h-4 w-4" aria-hidden />}
    </span>
  );
}
