// Written by scripts/icon-sprite.mjs: the sprite's address, versioned by its content so it can be cached for good.
export const ICON_SPRITE_URL = '/icons.svg?v=db69c5e998';
