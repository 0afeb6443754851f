// Types for crxjs's `?script&iife` imports (the built file name of a script to inject), for every tsconfig that
// includes extension/.
/// <reference types="@crxjs/vite-plugin/client" />
