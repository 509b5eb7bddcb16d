/**
 * The portal's path of the dashboards people build (boardModel.ts re-exports it). A module of its
 * own so the dashboard page, which links to the boards, does not load the boards' model with it
 * (bench/README.md "First load").
 */
export const BOARDS_PATH = '/boards';
