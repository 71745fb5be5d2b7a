// Shared movie views. Its contents arrive with the MVC step.
