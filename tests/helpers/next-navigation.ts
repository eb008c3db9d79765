// A stand-in for next/navigation in component tests. In the test file:
//   jest.mock("next/navigation", () => jest.requireActual("../helpers/next-navigation").nextNavigation);
// then read the router spies from `navigation.router` and set `navigation.search` (the query string
// useSearchParams reads) or `navigation.pathname`. resetNavigation() before each test.
export const navigation = {
  pathname: "/",
  search: "",
  router: { push: jest.fn(), replace: jest.fn(), refresh: jest.fn(), back: jest.fn(), prefetch: jest.fn() },
};

export const nextNavigation = {
  useRouter: () => navigation.router,
  usePathname: () => navigation.pathname,
  useSearchParams: () => new URLSearchParams(navigation.search),
};

export function resetNavigation(pathname = "/") {
  navigation.pathname = pathname;
  navigation.search = "";
  for (const spy of Object.values(navigation.router)) spy.mockReset();
}
