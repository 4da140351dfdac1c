"""Printed facts of the components, one module per component family.

Everything here comes from ``shared/reference/gwt-1e-components.md`` (section numbers are
given in each module).  Rule code reads these tables and never hard-codes a printed value.
"""
