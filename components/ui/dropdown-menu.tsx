'use client';

import * as Menu from '@radix-ui/react-dropdown-menu';
import { forwardRef, type ComponentPropsWithoutRef, type ElementRef } from 'react';
import { cn } from '@/lib/cn';
import { useDirection } from '@/lib/client/use-direction';

/**
 * A menu in the page's direction: in a right-to-left language its items, indicators, submenu side and arrow keys
 * are mirrored (a caller's own `dir` wins).
 */
export function DropdownMenu(props: ComponentPropsWithoutRef<typeof Menu.Root>) {
  const dir = useDirection();
  return <Menu.Root dir={dir} {...props} />;
}
export const DropdownMenuTrigger = Menu.Trigger;
export const DropdownMenuRadioGroup = Menu.RadioGroup;

export const DropdownMenuContent = forwardRef<
  ElementRef<typeof Menu.Content>,
  ComponentPropsWithoutRef<typeof Menu.Content>
>(function DropdownMenuContent({ className, sideOffset = 6, ...props }, ref) {
  return (
    <Menu.Portal>
      <Menu.Content
        ref={ref}
        sideOffset={sideOffset}
        className={cn('z-50 min-w-40 overflow-hidden rounded-md border bg-card p-1 text-card-foreground shadow-lg', className)}
        {...props}
      />
    </Menu.Portal>
  );
});

const ITEM =
  'relative flex cursor-pointer select-none items-center gap-2 rounded-sm px-2 py-1.5 text-sm outline-none ' +
  'data-[highlighted]:bg-muted data-[disabled]:pointer-events-none data-[disabled]:opacity-50';

export const DropdownMenuItem = forwardRef<ElementRef<typeof Menu.Item>, ComponentPropsWithoutRef<typeof Menu.Item>>(
  function DropdownMenuItem({ className, ...props }, ref) {
    return <Menu.Item ref={ref} className={cn(ITEM, className)} {...props} />;
  },
);

export const DropdownMenuRadioItem = forwardRef<
  ElementRef<typeof Menu.RadioItem>,
  ComponentPropsWithoutRef<typeof Menu.RadioItem>
>(function DropdownMenuRadioItem({ className, children, ...props }, ref) {
  return (
    <Menu.RadioItem ref={ref} className={cn(ITEM, 'ps-7', className)} {...props}>
      <span className="absolute start-2 flex h-3.5 w-3.5 items-center justify-center">
        <Menu.ItemIndicator>
          <span className="block h-2 w-2 rounded-full bg-primary" />
        </Menu.ItemIndicator>
      </span>
      {children}
    </Menu.RadioItem>
  );
});

export function DropdownMenuLabel({ className, ...props }: ComponentPropsWithoutRef<typeof Menu.Label>) {
  return <Menu.Label className={cn('px-2 py-1.5 text-xs font-semibold text-muted-foreground', className)} {...props} />;
}

export function DropdownMenuSeparator({ className, ...props }: ComponentPropsWithoutRef<typeof Menu.Separator>) {
  return <Menu.Separator className={cn('-mx-1 my-1 h-px bg-border', className)} {...props} />;
}
