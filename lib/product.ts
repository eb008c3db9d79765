// The product's public name (toasts, emails, titles).
export const PRODUCT_NAME = "Loyalty Legends";
