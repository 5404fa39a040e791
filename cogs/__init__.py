"""Thin Discord adapters: they translate interactions into service calls and back."""
