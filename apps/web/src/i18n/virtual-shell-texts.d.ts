declare module 'virtual:shell-texts' {
  const texts: import('./shell-keys').ShellTexts;
  export default texts;
}
