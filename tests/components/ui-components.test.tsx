import { useState } from "react";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { FormErrorBox } from "@/components/ui/form-error-box";
import { Spinner } from "@/components/ui/spinner";
import { Table, TableBody, TableCell, TableRow } from "@/components/ui/table";

describe("ui primitives", () => {
  it("Button renders its child with asChild and reports its variant", () => {
    render(
      <Button asChild variant="outline">
        <a href="/customers">Customers</a>
      </Button>,
    );
    const link = screen.getByRole("link", { name: "Customers" });
    expect(link).toHaveAttribute("data-variant", "outline");
    expect(link).toHaveClass("border");
  });

  it("Spinner is a status with a default and a custom label", () => {
    const { rerender } = render(<Spinner />);
    expect(screen.getByRole("status")).toHaveTextContent("Loading");
    rerender(<Spinner label="Loading customers" />);
    expect(screen.getByRole("status")).toHaveTextContent("Loading customers");
  });

  it("FormErrorBox lists messages in an alert, and renders nothing without messages", () => {
    const { rerender, container } = render(
      <FormErrorBox heading="Please fix the following" messages={["Name is required", "Email is invalid"]} />,
    );
    const alert = screen.getByRole("alert");
    expect(alert).toHaveTextContent("Please fix the following");
    expect(screen.getAllByRole("listitem").map((li) => li.textContent)).toEqual(["Name is required", "Email is invalid"]);
    rerender(<FormErrorBox heading="Please fix the following" messages={[]} />);
    expect(container).toBeEmptyDOMElement();
  });

  it("Alert and Badge expose their variant", () => {
    render(
      <>
        <Alert variant="warning">
          <AlertTitle>Payment failed</AlertTitle>
          <AlertDescription>Update your card</AlertDescription>
        </Alert>
        <Badge variant="success">active</Badge>
      </>,
    );
    expect(screen.getByRole("alert")).toHaveAttribute("data-variant", "warning");
    expect(screen.getByText("active")).toHaveAttribute("data-variant", "success");
  });

  // Issue 20: tables scrolled sideways on phones, hiding amounts and actions; below md each row
  // is a card instead (CSS), and the table keeps its roles for screen readers.
  it("Table rows become cards on phones instead of scrolling sideways", () => {
    render(
      <Table>
        <TableBody>
          <TableRow>
            <TableCell>Ann</TableCell>
            <TableCell label="points">340</TableCell>
          </TableRow>
        </TableBody>
      </Table>,
    );
    expect(screen.getByRole("table").parentElement).not.toHaveClass("overflow-x-auto");
    expect(screen.getByRole("row")).toHaveClass("max-md:flex", "max-md:flex-wrap");
    expect(screen.getByRole("cell", { name: "340" })).toHaveAttribute("data-label", "points");
  });

  it("Dialog opens, is labelled, and closes with its Close button", async () => {
    const user = userEvent.setup();
    render(
      <Dialog>
        <DialogTrigger>Edit customer</DialogTrigger>
        <DialogContent>
          <DialogTitle>Edit customer</DialogTitle>
          <DialogDescription>Change the details</DialogDescription>
        </DialogContent>
      </Dialog>,
    );
    await user.click(screen.getByRole("button", { name: "Edit customer" }));
    const dialog = screen.getByRole("dialog", { name: "Edit customer" });
    expect(dialog).toHaveClass("w-[calc(100%-2rem)]", "overflow-y-auto");
    await user.click(screen.getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });
});

describe("ConfirmDialog", () => {
  it("focuses Cancel first, shows the pending label, and closes when the confirm resolves", async () => {
    const user = userEvent.setup();
    let finish: () => void = () => {};
    const onConfirm = jest.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    render(
      <ConfirmDialog
        trigger={<Button>Close account</Button>}
        title="Close this account?"
        description="This cannot be undone."
        confirmLabel="Close account"
        pendingLabel="Closing..."
        destructive
        onConfirm={onConfirm}
      />,
    );
    await user.click(screen.getByRole("button", { name: "Close account" }));
    const dialog = screen.getByRole("alertdialog", { name: "Close this account?" });
    expect(dialog).toHaveAccessibleDescription("This cannot be undone.");
    expect(screen.getByRole("button", { name: "Cancel" })).toHaveFocus();

    await user.click(screen.getByRole("button", { name: "Close account" }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(screen.getByRole("button", { name: "Closing..." })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Cancel" })).toBeDisabled();

    finish();
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
  });

  it("gives focus back to the screen's own button when a controlled dialog without a trigger is cancelled", async () => {
    // The portal's snooze/close and the dashboard's actions open the dialog from their own button
    // (the dialog's code loads on first use), so Radix has no trigger to return focus to.
    function Screen() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <Button onClick={() => setOpen(true)}>Snooze Account</Button>
          {open && <ConfirmDialog open={open} onOpenChange={setOpen} title="snooze your account?" confirmLabel="Snooze" onConfirm={() => {}} />}
        </>
      );
    }
    const user = userEvent.setup();
    render(<Screen />);
    await user.click(screen.getByRole("button", { name: "Snooze Account" }));
    expect(screen.getByRole("button", { name: "Cancel" })).toHaveFocus();
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
    expect(screen.getByRole("button", { name: "Snooze Account" })).toHaveFocus();
  });

  it("stays open when the confirm fails", async () => {
    const user = userEvent.setup();
    const onOpenChange = jest.fn();
    render(
      <ConfirmDialog
        open
        onOpenChange={onOpenChange}
        title="Snooze customer?"
        confirmLabel="Snooze"
        onConfirm={() => Promise.reject(new Error("500: boom"))}
      />,
    );
    await user.click(screen.getByRole("button", { name: "Snooze" }));
    await waitFor(() => expect(screen.getByRole("button", { name: "Snooze" })).toBeEnabled());
    expect(screen.getByRole("alertdialog")).toBeInTheDocument();
    expect(onOpenChange).not.toHaveBeenCalledWith(false);
  });
});
