/** Where the user's library settings are read and saved: a module of its own, so a form that only reads them does not bring the settings card's code. */
export const LIBRARY_SETTINGS_PATH = '/api/library/settings';
