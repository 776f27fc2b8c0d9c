/** '../pages/user/about.tsx' (a page file as import.meta.glob names it) → '/pages/user/about'. */
export function routePathOf(file: string): string {
  return file.replace(/^\.\.\/pages\//, '/pages/').replace(/\.tsx$/, '');
}
