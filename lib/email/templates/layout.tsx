// The layout every email shares (React Email components: table-based, inline styles, since email
// clients ignore stylesheets), and the few pieces the templates repeat. Text is escaped by React.
import type { CSSProperties, ReactNode } from "react";
import { Body, Button, Container, Head, Heading, Html, Section, Text } from "@react-email/components";

const page: CSSProperties = { margin: 0, backgroundColor: "#f6f3ee", fontFamily: "Helvetica,Arial,sans-serif", color: "#2b211c" };
const container: CSSProperties = { maxWidth: "560px", margin: "0 auto", padding: "24px" };
const card: CSSProperties = { backgroundColor: "#ffffff", borderRadius: "12px", padding: "24px" };
const footerStyle: CSSProperties = { fontSize: "12px", lineHeight: "1.5", color: "#6b5e57", marginTop: "16px" };

export function EmailLayout({ title, footer, children }: { title: string; footer: ReactNode; children: ReactNode }) {
  return (
    <Html lang="en-GB">
      <Head>
        <title>{title}</title>
        <meta name="viewport" content="width=device-width" />
      </Head>
      <Body style={page}>
        <Container style={container}>
          <Section style={card}>{children}</Section>
          <Text style={footerStyle}>{footer}</Text>
        </Container>
      </Body>
    </Html>
  );
}

export function EmailHeading({ children, size = 22 }: { children: ReactNode; size?: number }) {
  return <Heading as="h1" style={{ fontSize: `${size}px`, lineHeight: "1.3", margin: "0 0 12px" }}>{children}</Heading>;
}

export function P({ children, style }: { children: ReactNode; style?: CSSProperties }) {
  return <Text style={{ fontSize: "15px", lineHeight: "1.5", margin: "0 0 12px", ...style }}>{children}</Text>;
}

export function EmailButton({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Button href={href} style={{ display: "inline-block", backgroundColor: "#0f6b6b", color: "#ffffff", textDecoration: "none", padding: "10px 16px", borderRadius: "8px", margin: "4px 4px 4px 0" }}>
      {children}
    </Button>
  );
}

export const centred: CSSProperties = { textAlign: "center" };
