import { Slot } from '@radix-ui/react-slot';
import type { ButtonHTMLAttributes, Ref } from 'react';
import { cn } from '#web/lib/cn';

const variants = {
  primary: 'bg-navy text-white hover:bg-navy-light dark:bg-navy-light dark:hover:bg-navy',
  brass: 'bg-brass text-navy hover:bg-brass-dark hover:text-white',
  outline: 'border border-stone-300 bg-surface text-ink hover:bg-stone-100',
  /** For dark backgrounds (the navy hero and header). */
  outlineLight: 'border border-white/40 bg-transparent text-white hover:bg-white/10',
  ghost: 'text-ink hover:bg-stone-200/60',
  ghostLight: 'text-white hover:bg-white/10',
  destructive: 'bg-danger text-white hover:bg-danger-dark',
  link: 'text-link underline-offset-4 hover:underline px-0',
} as const;

const sizes = {
  sm: 'h-8 px-3 text-sm',
  md: 'h-10 px-4 text-sm',
  lg: 'h-11 px-6 text-base',
  icon: 'h-9 w-9',
} as const;

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: keyof typeof variants;
  size?: keyof typeof sizes;
  /** Render the child element (a Link, an anchor) with button styles. */
  asChild?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

export function Button({ variant = 'primary', size = 'md', asChild, className, type, ...props }: ButtonProps) {
  const Component = asChild ? Slot : 'button';
  return (
    <Component
      type={asChild ? undefined : (type ?? 'button')}
      className={cn(
        'inline-flex items-center justify-center gap-2 rounded-md font-medium whitespace-nowrap transition-colors disabled:pointer-events-none disabled:opacity-50',
        variants[variant],
        sizes[size],
        className,
      )}
      {...props}
    />
  );
}
