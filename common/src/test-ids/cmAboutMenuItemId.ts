/**
 * The data-testid of the user menu's About item (the shell draws it on every page of a management
 * station; centralManagerIds.ts names it aboutMenuItem). A module of its own, so the shell takes it
 * without the central-manager pages' table (bench/README.md "First load"). Never rename it.
 */
export const CM_ABOUT_MENU_ITEM_ID = 'cm-about-menu-item';
