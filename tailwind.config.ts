import type { Config } from 'tailwindcss'

export default {
  // The web layer's files: the API's code names no classes, and words in it read as ones
  // (`!input`, `static`) that every page then carried.
  content: ['./app/**/*.{ts,tsx}', '!./app/backend/**'],
  // Colours as plain rgb(): the opacity variables these plugins add to every colour class are only
  // read by `bg-opacity-*` classes, which the app does not use (`bg-slate-900/40` works without them).
  corePlugins: {
    backgroundOpacity: false,
    borderOpacity: false,
    divideOpacity: false,
    placeholderOpacity: false,
    ringOpacity: false,
    textOpacity: false,
  },
  theme: {
    extend: {
      colors: {
        brand: {
          50: '#ecfdf5',
          100: '#d1fae5',
          500: '#10b981',
          600: '#059669',
          700: '#047857',
          800: '#065f46',
          900: '#064e3b',
        },
      },
      keyframes: {
        'loading-bar': {
          '0%': { transform: 'translateX(-100%)' },
          '100%': { transform: 'translateX(250%)' },
        },
        'toast-progress': {
          '0%': { transform: 'scaleX(1)' },
          '100%': { transform: 'scaleX(0)' },
        },
      },
      animation: {
        'loading-bar': 'loading-bar 1.1s ease-in-out infinite',
      },
    },
  },
  plugins: [],
} satisfies Config
