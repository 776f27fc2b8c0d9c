/** The page that shows one notice (SPEC §2 `notice/detail`). */
export const noticeListPath = '/pages/notice/list';
export const noticeDetailPath = (id: number) => `/pages/notice/detail?id=${id}`;
