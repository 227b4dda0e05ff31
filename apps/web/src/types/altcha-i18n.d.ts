// altcha ships its translation modules without declarations for the regional names; each
// only registers its strings with the widget.
declare module 'altcha/i18n/es-es'
