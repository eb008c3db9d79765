import { InlineIcon } from "@/components/ui/inline-icon";
import { SearchBox, searchIconClass, type SearchBoxProps } from "@/components/ui/search-box";

type SearchInputProps = Omit<SearchBoxProps, "icon">;

/** A search box with the magnifier inside it. */
export function SearchInput(props: SearchInputProps) {
  return <SearchBox icon={<InlineIcon name="search" className={searchIconClass(props.inset)} />} {...props} />;
}
